// What other features and the route table may use of the application form (issue 9). Light on
// purpose: the form itself is loaded on demand by ApplicationDialog.
export { ApplicationDialog, ApplicationRoute } from './ApplicationDialog';
export { APPLICATION_ROUTE, applicationPath } from './paths';
