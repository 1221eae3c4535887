import { definePlugin } from '../../kernel/plugin';
import { offerPlugin } from '../documents/api';
import { QUOTE } from './kind';
import { migrations } from './migrations';
import { archivePart } from './archive';

const offer = offerPlugin(QUOTE);

export default definePlugin({
  ...offer, dependsOn: [...offer.dependsOn, 'invoices'], migrations,
  contributesIfInstalled: { ...offer.contributesIfInstalled, 'company-archive': [archivePart] },
});
