/** The demo university's built-in flows, each validated by loadDefinition like any other definition. */
import { loadDefinition } from '../load-definition.ts';
import type { ProcessDefinition } from '../types.ts';
import { businessTrip } from './business-trip.ts';
import { dormRepair } from './dorm-repair.ts';
import { enrolmentCertificate } from './enrolment-certificate.ts';
import { examDeferral } from './exam-deferral.ts';
import { leave } from './leave.ts';
import { libraryCard } from './library-card.ts';
import { meetingRoom } from './meeting-room.ts';
import { overtime } from './overtime.ts';
import { reimburse } from './reimburse.ts';
import { seal } from './seal.ts';
import { vehicle } from './vehicle.ts';
import { visitor } from './visitor.ts';

// Catalogue order: the most used flows first.
export const builtinDefinitions: ProcessDefinition[] = [
  leave,
  reimburse,
  meetingRoom,
  enrolmentCertificate,
  dormRepair,
  businessTrip,
  seal,
  libraryCard,
  overtime,
  vehicle,
  visitor,
  examDeferral,
].map((def) => loadDefinition(def));
