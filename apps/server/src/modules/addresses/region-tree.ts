import { regions } from './regions';

/** The division data's province → city → district tree. */
export function regionTree() {
  return regions().tree;
}
