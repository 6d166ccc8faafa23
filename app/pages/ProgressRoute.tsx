import { PlanSection } from '../features/billing/PlanSection';
import { ProgressPage } from '../features/progress/ProgressPage';

// Route modules that compose more than one feature live here, beside the router: like the
// router, they may import features, and no feature imports them (eslint.config.js).

/** /activity: the results, with the learner's plan (billing) below them. */
export default function ProgressRoute() {
  return <ProgressPage plan={<PlanSection />} />;
}
