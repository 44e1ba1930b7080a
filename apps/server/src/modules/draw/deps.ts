import type { ServiceDeps } from '../../platform/services';
import type { ActivityPort, DrawCounterPort, PrizesPort, RiskEnginePort, RiskVerdict } from './ports';
import type { RiskHook } from './risk';

export interface DrawRequest {
  actId: string;
  idemKey: string;
  via: 'lottery' | 'rocc';
  ip: string;
  deviceId: string | null;
  grayFlag: 0 | 1 | null;
  nuid: string;
  /** When the request arrived (epoch ms): past DRAW_QUEUE_MAX_MS since then, a draw not started gets 429. */
  receivedAt?: number;
  /** The risk decision this draw carries out (hold, degrade or allow), set by makeDraw before the transaction. */
  risk?: RiskVerdict;
}

export interface DrawServiceDeps extends ServiceDeps<'draw'> {
  riskHook: RiskHook;
  /** The rule engine (modules/risk); none: only the hook judges (a bank's own engine, the unit tests). */
  risk?: RiskEnginePort;
  activities: ActivityPort;
  prizes: PrizesPort;
  /** The campaign's live numbers (modules/stats), counted in the draw transaction; none: not counted. */
  counter?: DrawCounterPort;
}

/** What the draw's use cases are given: the service's deps and the draws in flight in this process. */
export interface DrawDeps extends DrawServiceDeps {
  inFlight: Set<string>;
}
