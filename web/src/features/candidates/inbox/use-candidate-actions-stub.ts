// TEMPORARY: stands in for h-pipeweb2's `useCandidateActions` (web/src/features/candidates/actions/)
// until that branch is merged; deleted then.
import type { CandidateState } from '../../../gql/graphql';

export interface CandidateActionTarget {
  id: string;
  fullName: string;
  email?: string | null;
  state: CandidateState;
  allowedStates: CandidateState[];
}

export function useCandidateActions(): {
  startFollowUp(c: CandidateActionTarget): Promise<boolean>;
  moveToInduction(c: CandidateActionTarget): Promise<boolean>;
  openHire(c: CandidateActionTarget): void;
  openReject(c: CandidateActionTarget): void;
  busyId: string | null;
} {
  return {
    startFollowUp: async () => false,
    moveToInduction: async () => false,
    openHire: () => {},
    openReject: () => {},
    busyId: null,
  };
}
