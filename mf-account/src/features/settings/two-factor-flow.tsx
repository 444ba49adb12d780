import { useState } from 'react';
import type { TwoFactorSetting } from '@rewards/shared/contracts/api-types';
import { EmailCodesSetup } from './email-codes-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { TurnOffTwoFactor } from './turn-off-two-factor';
import { useT } from '../../messages';

/** A way through two-factor settings: turning on one of the methods, or turning it off. */
export type TwoFactorFlowName = 'totp' | 'email' | 'turn-off';


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
  const t = useT();
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  // The answer that turns it off changes the user's setting before the step is over.
  const [method] = useState(setting);
  const cancel = () => onFinished(null);

  if (flow === 'totp') {
    return recoveryCodes ? (
      <RecoveryCodes codes={recoveryCodes} email={email} onDone={() => onFinished(t('twoFactor.notice.appOn'))} />
    ) : (
      <TotpSetup onEnabled={setRecoveryCodes} onCancel={cancel} />
    );
  }
  if (flow === 'email') return <EmailCodesSetup email={email} onEnabled={() => onFinished(t('twoFactor.notice.emailOn'))} onCancel={cancel} />;
  if (method === 'off') return null;
  return <TurnOffTwoFactor method={method} hasPassword={hasPassword} onTurnedOff={() => onFinished(t('twoFactor.notice.off'))} onCancel={cancel} />;
}
