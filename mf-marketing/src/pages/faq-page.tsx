import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function FaqPage() {
  return <PageLayout title="FAQ" lead="Answers to the questions we hear most about earning and cashing out." />;
}
