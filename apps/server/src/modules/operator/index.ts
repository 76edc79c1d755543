// The operator module's public file: what app.ts and other modules may use.
export { operatorRoutes, type OperatorRoutesOptions } from './operator.routes.js';
export { isOperator } from './operator-access.js';
export { setOperator, listOperators } from './grant-operator.js';
