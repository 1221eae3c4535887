import { definePlugin } from '../../kernel/plugin';
import { offerPlugin } from '../documents/api';
import { QUOTE } from './kind';
import { migrations } from './migrations';

const offer = offerPlugin(QUOTE);

export default definePlugin({ ...offer, dependsOn: [...offer.dependsOn, 'invoices'], migrations });
