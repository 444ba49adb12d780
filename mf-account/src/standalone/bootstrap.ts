import { mountStandalone } from '@rewards/shared/dev/mount-standalone.tsx';
import routes from '../routes';
import { modalHostRoute } from './modal-host';

mountStandalone('mf-account', [...routes, modalHostRoute]);
