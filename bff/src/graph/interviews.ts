import type { InterviewDto } from '../normalise/interview.js';

/** An interview as GraphQL's Interview (Candidate.interviews and scheduleInterview). */
export const toInterview = (i: InterviewDto) => ({
  id: i.id,
  candidateId: i.candidateId,
  mode: i.mode,
  date: i.date,
  from: i.from,
  to: i.to,
  participants: i.participants,
  observations: i.observations,
  branchId: i.branchId,
  branchName: i.branchName,
  address: i.address,
  room: i.room,
  interviewer: i.interviewer,
  meetingLink: i.meetingLink,
  organiserEmail: i.organiserEmail,
  createdAt: i.createdAt,
});

/** Timeline rows of the candidate's interviews (Candidate.timeline's InterviewEvent). */
export const interviewEvents = (list: readonly InterviewDto[]) =>
  list.map((i) => ({
    __typename: 'InterviewEvent' as const,
    at: i.createdAt,
    by: i.byName,
    mode: i.mode,
    date: i.date,
    from: i.from,
    to: i.to,
  }));

/** GraphQL's Interview as the resolvers hold it (its scorecard fields resolve from `id` and `candidateId`). */
export type InterviewModel = ReturnType<typeof toInterview>;
