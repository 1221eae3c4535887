import { offerService } from '../documents/api';
import { PROFORMA } from './kind';

/** What other plugins use from the proformas plugin: its service (call inside your own unit of work) and its declaration. */
export const ProformaService = offerService(PROFORMA);
export { PROFORMA };
