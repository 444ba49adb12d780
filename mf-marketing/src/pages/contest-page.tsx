import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function ContestPage() {
  return <PageLayout title="Contest" lead="Compete with other earners for cash prizes every week and every month." />;
}
