import type { ContactContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ContactForm } from '../../features/contact/contact-form';
import { fromApi, localizedContent } from '../../content/localized-content';
import englishContact from '../../../content/contact.json';
import { useT } from '../messages';
import styles from './contact-page.module.css';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const contactContent = localizedContent<ContactContent>('contact.json', englishContact, fromApi('contact.json'));

/** Spec §2 Contact: the form and three contact channels. */
export default function ContactPage() {
  const t = useT();
  const contact = contactContent.useContent();
  return (
    <PageLayout title={t('contact.title')} lead={contact.lead}>
      <div className={styles.layout}>
        <ContactForm content={contact} />
        <aside aria-labelledby="channels-title">
          <h2 id="channels-title" className={styles.channelsTitle}>
            {t('contact.channels.title')}
          </h2>
          <ul className={styles.channels}>
            {contact.channels.map((channel) => (
              <li key={channel.title} className={styles.channel}>
                <h3 className={styles.channelTitle}>{channel.title}</h3>
                <p className={styles.channelText}>{channel.text}</p>
                <a href={channel.href} {...(channel.href.startsWith('https://') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {channel.label}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </PageLayout>
  );
}
