import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function LeaderboardPage() {
  return <PageLayout title="Leaderboard" lead="The top earners of the day, the week and the month." />;
}
