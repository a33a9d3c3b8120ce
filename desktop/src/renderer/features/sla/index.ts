// The sla feature's door (issue 30 §3): the ticket's countdown badge, the queue modal's targets,
// the company's SLA settings tab and the alert payload the desktop notifications read.
export { SlaBadge } from './SlaBadge';
export { SlaTargetsFields, targetsOf } from './SlaTargetsFields';
export { SlaSettingsPane } from './SlaSettingsTab';
export { slaApi } from './sla.api';
export { slaAlertOf, type SlaWire } from './sla.notify';
export { formatLeft, slaView, type SlaLevel, type SlaView } from './sla.logic';
