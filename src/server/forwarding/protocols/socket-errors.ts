import type { Socket } from 'node:net';

/**
 * Gives a socket an 'error' listener for its whole life (issue 25). An 'error' event that no
 * listener hears stops the process, and the libraries on our sockets leave moments without one:
 * Node's HTTP client drops its listener when an answer is complete and the request written, and
 * the pool adds its own only a tick later, so a write failing in between (a receiver that answers
 * before reading the whole request, then drops the connection) took the whole server down. The
 * protocols' own listeners still turn errors into failed sends; this one only makes sure no error
 * is ever unheard. Every socket the connector opens gets it the moment it exists.
 */
export function hearErrorsForLife<S extends Socket>(socket: S): S {
  socket.on('error', () => {
    socket.destroy();
  });
  return socket;
}
