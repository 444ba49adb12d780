// Runs a remote's contract-check bundle (see contract-check-plugin.ts) inside a jsdom window, as browser code
// expects, and prints the contract problems it found as JSON. Installed packages load through Node's require.
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const { JSDOM } = require('jsdom');

const bundle = path.resolve(process.argv[2]);
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  url: 'http://localhost/',
  runScripts: 'outside-only',
  pretendToBeVisual: true,
});
const wrapper = vm.runInContext(
  `(function (exports, require, module, __filename, __dirname, process) {${readFileSync(bundle, 'utf8')}\n})`,
  dom.getInternalVMContext(),
  { filename: bundle },
);
const loaded = { exports: {} };
wrapper(loaded.exports, createRequire(bundle), loaded, bundle, path.dirname(bundle), process);
dom.window.close();
// Timers a module may have started must not keep the build waiting.
process.stdout.write(JSON.stringify(Array.from(loaded.exports.problems, String)), () => process.exit(0));
