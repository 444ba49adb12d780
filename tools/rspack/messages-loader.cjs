// A package's `messages/<locale>.json` compiled at build time: the browser carries no ICU parser, and a broken
// message fails the build, naming the file and the key. A message that is only text stays a string; the rest
// become the parser's elements. `compiled` tells the page which form it got (tests read the JSON as written).
const { parse } = require('@formatjs/icu-messageformat-parser');

const LITERAL = 0;

module.exports = function compileMessages(source) {
  const catalog = JSON.parse(source);
  const compiled = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: "${key}" is not a string`);
    let elements;
    try {
      elements = parse(message, { requiresOtherClause: true });
    } catch (error) {
      throw new Error(`${this.resourcePath}: "${key}" is not a valid ICU message: ${error.message}`, { cause: error });
    }
    compiled[key] = elements.every((element) => element.type === LITERAL) ? elements.map((element) => element.value).join('') : elements;
  }
  return `export const compiled = true;\nexport default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
};
