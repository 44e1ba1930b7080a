/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other. Each port is declared once, in platform/: the stock left (activity's), staff names (to show
 * who set the webhook), the console's bell, and what this module provides itself (AlertsPort, AlertInput).
 */

export type { AlertInput, AlertsPort } from '../../platform/alerts-port';
export type { NotificationsPort } from '../../platform/notifications-port';
export type { StaffNamesPort } from '../../platform/staff-names-port';
export type { StockLeftPort } from '../../platform/stock-port';
