import type { OpsCommand } from './command';
import { contactList } from './contact';
import { cashoutsApprove, cashoutsList, cashoutsReject } from './cashouts';
import { ledgerVerify, usersCredit } from './ledger';
import { offersImport } from './offers';
import { postbackSimulate } from './postbacks';
import { usersShow, usersStatus } from './users';

/** Every operator command; a new one is a file with defineCommand(...) and a line here. */
export const COMMANDS: readonly OpsCommand[] = [usersShow, usersStatus, cashoutsList, cashoutsApprove, cashoutsReject,
  usersCredit, ledgerVerify, offersImport, postbackSimulate, contactList];
