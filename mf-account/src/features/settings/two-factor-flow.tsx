import { useState } from 'react';
import type { TwoFactorSetting } from '@rewards/shared/contracts/api-types';
import { EmailCodesSetup } from './email-codes-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { TurnOffTwoFactor } from './turn-off-two-factor';

/** A way through two-factor settings: turning on one of the methods, or turning it off. */
export type TwoFactorFlowName = 'totp' | 'email' | 'turn-off';

export const TWO_FACTOR_NOTICES = {
  totpOn: 'Two-factor authentication is on: at each sign-in we ask for a code from your authenticator app.',
  emailOn: 'Two-factor authentication is on: at each sign-in we email you a code.',
  off: 'Two-factor authentication is off.',
} as const;

export type TwoFactorFlowProps = {
  flow: TwoFactorFlowName;
  /** The setting as the flow begins (turning off needs the method on). */
  setting: TwoFactorSetting;
  email: string;
  hasPassword: boolean;
  /** The flow is over: what changed (null when cancelled). */
  onFinished: (notice: string | null) => void;
};

/**
 * The steps of two-factor settings, loaded when one is opened (the QR code, the forms): Settings itself
 * shows only the state and the choices.
 */
export default function TwoFactorFlow({ flow, setting, email, hasPassword, onFinished }: TwoFactorFlowProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  // The answer that turns it off changes the user's setting before the step is over.
  const [method] = useState(setting);
  const cancel = () => onFinished(null);

  if (flow === 'totp') {
    return recoveryCodes ? (
      <RecoveryCodes codes={recoveryCodes} email={email} onDone={() => onFinished(TWO_FACTOR_NOTICES.totpOn)} />
    ) : (
      <TotpSetup onEnabled={setRecoveryCodes} onCancel={cancel} />
    );
  }
  if (flow === 'email') return <EmailCodesSetup email={email} onEnabled={() => onFinished(TWO_FACTOR_NOTICES.emailOn)} onCancel={cancel} />;
  if (method === 'off') return null;
  return <TurnOffTwoFactor method={method} hasPassword={hasPassword} onTurnedOff={() => onFinished(TWO_FACTOR_NOTICES.off)} onCancel={cancel} />;
}
