/**
 * The demo university's built-in flows. They are data: JSON files beside this module, imported as JSON
 * modules (`with { type: 'json' }`), which Node, Vite, esbuild and tsc all resolve at build time, so a compiled
 * server and the browser get them without any file reading. Each is validated by loadDefinition like any other.
 */
import { loadDefinition } from '../load-definition.ts';
import type { ProcessDefinition } from '../types.ts';
import businessTrip from './business-trip.json' with { type: 'json' };
import dormRepair from './dorm-repair.json' with { type: 'json' };
import enrolmentCertificate from './enrolment-certificate.json' with { type: 'json' };
import examDeferral from './exam-deferral.json' with { type: 'json' };
import leave from './leave.json' with { type: 'json' };
import libraryCard from './library-card.json' with { type: 'json' };
import meetingRoom from './meeting-room.json' with { type: 'json' };
import overtime from './overtime.json' with { type: 'json' };
import reimburse from './reimburse.json' with { type: 'json' };
import seal from './seal.json' with { type: 'json' };
import vehicle from './vehicle.json' with { type: 'json' };
import visitor from './visitor.json' with { type: 'json' };

/** The built-in definitions as shipped (plain JSON), in catalogue order: the most used flows first. */
export const builtinDefinitionTemplates: readonly unknown[] = [
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
];

/** The built-in definitions, loaded and validated. */
export const builtinDefinitions: ProcessDefinition[] = builtinDefinitionTemplates.map((def) => loadDefinition(def));
