import { useId, useState } from 'react';
import { COPY_FEEDBACK_MS } from '@rewards/shared/constants';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { Modal } from '@rewards/shared/ui/modal.tsx';
import { CopyIcon } from '../../ui/icons';
import { useTimeouts } from '../../ui/use-timeouts';
import { copyText } from './copy-text';
import { referralLink, referralPercent, shareTargets } from './share-links';
import { useT } from '../../messages';
import styles from './invite-modal.module.css';

/** Exposed as `mf_account/invite-modal`: the user's own referral link, to copy or share (spec §2). */
export default function InviteModal({ onClose }: SlotComponentProps) {
  const t = useT();
  const user = useAppSelector(selectUser);
  const code = user?.referral_code;
  return (
    <Modal title={t('invite.title')} lead={t('invite.lead', { percent: referralPercent() })} onClose={onClose}>
      {code ? (
        <ReferralLink link={referralLink(window.location.origin, code)} />
      ) : (
        <p className={styles.missing}>{t('invite.signInFirst')}</p>
      )}
    </Modal>
  );
}

function ReferralLink({ link }: { link: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const later = useTimeouts();
  const inputId = useId();

  async function copy() {
    if (!(await copyText(link))) return;
    setCopied(true);
    later(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <div className={styles.body}>
      <label htmlFor={inputId} className="text-field-label">
        {t('invite.linkLabel')}
      </label>
      <div className={styles.linkRow}>
        <input
          id={inputId}
          className={`text-field-input ${styles.link}`}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={styles.copy} onClick={copy} data-autofocus aria-live="polite">
          <CopyIcon />
          {copied ? t('invite.copied') : t('invite.copy')}
        </button>
      </div>
      <p className={`text-field-label ${styles.sharesHeading}`}>{t('invite.shareOn')}</p>
      <ul className={styles.shares}>
        {shareTargets(link).map(({ name, href }) => (
          <li key={name}>
            <a className={`${styles.share} ${styles[name.toLowerCase()]}`} href={href} target="_blank" rel="noopener noreferrer">
              {name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
