/** Sign-in, sign-out and the screen guards: what other features use of auth. */
export { endServerSession } from './api/logout';
export { mayOpen, mustSignIn, NOT_ALLOWED_MESSAGE, signOut } from './session-guards';
