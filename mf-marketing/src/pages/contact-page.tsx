import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function ContactPage() {
  return <PageLayout title="Contact us" lead="Questions about offers, payouts or your account? We are here to help." />;
}
