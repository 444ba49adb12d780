import routes from '../routes';
import { mountStandalone } from '@rewards/shared/dev/mount-standalone.tsx';

mountStandalone('mf-marketing', routes);
