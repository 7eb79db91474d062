/**
 * The engine for the server's first frames. A page that server-renders a diagram island imports
 * this module once; browsers get the engine only in the worker's chunk (islands/flow/useRun.ts).
 */
import { runForDiagram } from '../../view/flow/run';
import { provideServerRunner } from '../../islands/flow/useRun';
import { provideEbpfMessages } from '../../islands/flow/useEbpfMessages';
import ebpfDe from '../../i18n/locales/ebpf/de.json';
import ebpfEn from '../../i18n/locales/ebpf/en.json';

provideServerRunner(runForDiagram);
// The eBPF data path's strings, which browsers fetch with such a diagram's first run.
provideEbpfMessages({ en: ebpfEn, de: ebpfDe });
