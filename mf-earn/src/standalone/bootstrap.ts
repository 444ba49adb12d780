// Runs this remote alone inside the shared standalone harness.
import { mountStandalone } from '@rewards/shared/dev/mount-standalone.tsx';
import routes from '../routes';

mountStandalone('mf-earn', routes);
