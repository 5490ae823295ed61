/** What other modules record for the operations view: the runs of scheduled jobs. */
export { JOB_NAMES, recordJobRun } from './operations.repo.ts';
