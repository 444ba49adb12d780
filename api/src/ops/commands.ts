import type { OpsCommand } from './command';
import { audit, auditVerify } from './audit';
import { contactList } from './contact';
import { contentPublish, contentRestore, contentVersions } from './content';
import { holdsList, holdsRelease } from './holds';
import { cashoutsApprove, cashoutsList, cashoutsReject } from './cashouts';
import { ledgerVerify, usersCredit } from './ledger';
import { offersImport } from './offers';
import { postbackSimulate, postbacksList, postbacksReplay } from './postbacks';
import { referralsDecide, referralsList } from './referrals';
import { ticketsAccept, ticketsDecline, ticketsList, ticketsReply, ticketsShow, ticketsStats } from './tickets';
import { usersShow, usersStatus, usersVerifyEmail } from './users';
import { payoutsList, payoutsReconcile, payoutsRetry } from './payouts';
import { staffAdd, staffList, staffRemove } from './staff';
import { telemetryHealth } from './telemetry';

/** Every operator command; a new one is a file with defineCommand(...) and a line here. */
export const COMMANDS: readonly OpsCommand[] = [usersShow, usersStatus, usersVerifyEmail, cashoutsList, cashoutsApprove, cashoutsReject,
  payoutsList, payoutsRetry, payoutsReconcile,
  usersCredit, ledgerVerify, offersImport, postbackSimulate, postbacksList, postbacksReplay, referralsList, referralsDecide,
  contactList, holdsList, holdsRelease, ticketsList, ticketsShow, ticketsReply, ticketsAccept, ticketsDecline, ticketsStats, contentPublish, contentVersions, contentRestore, audit, auditVerify,
  staffAdd, staffRemove, staffList, telemetryHealth];
