/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other. Both are declared once, in platform/: the stock left (activity's) and the alerts (alerts').
 */

export type { AlertsPort } from '../../platform/alerts-port';
export type { StockLeftPort } from '../../platform/stock-port';
