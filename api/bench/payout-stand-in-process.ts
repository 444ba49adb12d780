// A payout stand-in provider in a process of its own (as a real provider is remote), for `pnpm bench:payouts`:
// prints `listening <url>`, then serves until killed.
import { startPayoutStandIn } from '../src/test/payout-stand-in';

const standIn = await startPayoutStandIn();
process.stdout.write(`listening ${standIn.url}\n`);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
