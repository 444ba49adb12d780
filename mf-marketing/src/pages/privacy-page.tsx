import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function PrivacyPage() {
  return <PageLayout title="Privacy Policy" lead="What we collect, why we collect it and how we protect it." />;
}
