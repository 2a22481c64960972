/** The messages between the editor and its checker worker (check.worker.ts). */
import type { Issue } from '../api';

export interface CheckRequest {
  id: number;
  name: string;
  text: string;
}

export interface CheckResult {
  id: number;
  issues: Issue[];
  /** How long the check took in the worker. */
  ms: number;
}
