import { drawMineHeader } from './mine-header';
import { drawNotices } from './notices';
import { drawRights } from './rights';

/**
 * index.html's boot module (decision 0057): the screens drawn before the app, each returning at
 * once on another path. One inline script, so the helpers and constants they share come once.
 */
export function drawScreens(): void {
  drawNotices();
  drawRights();
  drawMineHeader();
}

drawScreens();
