/**
 * The engine for the server's first frames. A page that server-renders a diagram island imports
 * this module once; browsers get the engine only in the worker's chunk (islands/flow/useRun.ts).
 */
import { runForDiagram } from '../../islands/flow/run';
import { provideServerRunner } from '../../islands/flow/useRun';

provideServerRunner(runForDiagram);
