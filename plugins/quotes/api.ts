import { offerService } from '../documents/api';
import { QUOTE } from './kind';

/** What other plugins use from the quotes plugin: its service (call inside your own unit of work) and its declaration. */
export const QuoteService = offerService(QUOTE);
export { QUOTE };
