import { graphql } from '../../gql';

export const VIEWER_FIELDS = graphql(`
  fragment ViewerFields on Viewer {
    id
    name
    email
    role
    realRole
    kind
    idleTimeoutSeconds
    idleWarningSeconds
    candidate {
      firstName
      secondName
      firstSurname
      secondSurname
    }
  }
`);

/** Who is logged in and the public settings: asked once when the app starts (spec 1 §2.8). */
export const SESSION = graphql(`
  query Session {
    me {
      ...ViewerFields
    }
    settings {
      orgEmailDomain
      idleTimeoutSeconds
      idleWarningSeconds
      version
    }
  }
`);

/** Only the viewer: written after a login so that everything reading `me` follows. */
export const ME = graphql(`
  query Me {
    me {
      ...ViewerFields
    }
  }
`);

export const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);

export const TOUCH_SESSION = graphql(`
  mutation TouchSession {
    touchSession {
      ...ViewerFields
    }
  }
`);
/** Who is looking: the back office hides controls by role (spec 2 §6). */
export const BACKOFFICE_VIEWER = graphql(`
  query BackofficeViewer {
    me {
      id
      role
    }
  }
`);
