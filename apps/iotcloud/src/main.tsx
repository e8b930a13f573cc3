import { startSubApp } from '@cityops/subapp';
import { pages } from './pages';

void startSubApp({ app: 'iotcloud', pages });
