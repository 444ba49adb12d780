// Runs this remote alone inside the shared standalone harness (sign in as a staff member on the API it proxies).
import { mountStandalone } from '@rewards/shared/dev/mount-standalone.tsx';
import routes from '../routes';

mountStandalone('mf-admin', routes);
