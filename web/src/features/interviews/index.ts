// What the router may use of interview scheduling (architecture principle 9: only through this file).
export { InterviewSchedulingPage } from './InterviewSchedulingPage';
