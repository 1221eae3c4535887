/** The archive format this build writes and the newest it reads (docs/company-archive.md). */
export const ARCHIVE_FORMAT = 'cuadra-company-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
