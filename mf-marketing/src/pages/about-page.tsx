import { BRAND_NAME } from '@rewards/shared/brand';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function AboutPage() {
  return <PageLayout title="About us" lead={`${BRAND_NAME} pays people for their time: games, app tests and surveys.`} />;
}
