/**
 * Recording fakes of the Electron APIs the main process takes (ElectronApis, main-process.ts): each records
 * what it was asked, and a window's renderer side can be played by the test (IPC messages from its frame).
 * Used by main-process.test.ts; the real module cannot run here (no Electron binary).
 */
import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, IpcMainEvent, NotificationConstructorOptions } from 'electron';
import type { CockpitBrowserWindow, ElectronApis } from './main-process.js';

export class FakeWebContents extends EventEmitter {
  readonly sent: { channel: string; message: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
    this.emit('sent');
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export class FakeWindow extends EventEmitter {
  static created: FakeWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: string | null = null;
  shown = false;
  destroyed = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    FakeWindow.created.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = url;
    queueMicrotask(() => this.emit('ready-to-show'));
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  destroy(): void {
    this.destroyed = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export interface FakeElectron {
  readonly apis: ElectronApis;
  readonly ipcMain: EventEmitter;
  readonly appEvents: EventEmitter;
  readonly exits: number[];
  readonly notifications: NotificationConstructorOptions[];
  readonly privileged: unknown[];
  readonly handlers: Map<string, (request: Request) => Response | Promise<Response>>;
  permissionRequest: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null;
  permissionCheck: (() => boolean) | null;
  /** A message from the window's own page (or from `url`, a frame elsewhere). */
  fromRenderer(window: FakeWindow, message: unknown, url?: string): void;
}

export function fakeElectron(): FakeElectron {
  const ipcMain = new EventEmitter();
  const appEvents = new EventEmitter();
  const exits: number[] = [];
  const notifications: NotificationConstructorOptions[] = [];
  const privileged: unknown[] = [];
  const handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  FakeWindow.created = [];
  const fake: FakeElectron = {
    ipcMain,
    appEvents,
    exits,
    notifications,
    privileged,
    handlers,
    permissionRequest: null,
    permissionCheck: null,
    fromRenderer(window, message, url = 'cockpit://app/index.html') {
      const event = { sender: window.webContents, senderFrame: { url } } as unknown as IpcMainEvent;
      ipcMain.emit('cockpit:to-main', event, message);
    },
    apis: {
      app: {
        whenReady: () => Promise.resolve(),
        on: ((event: string, listener: (...args: unknown[]) => void) => {
          appEvents.on(event, listener);
          return undefined as never;
        }) as never,
        exit: (code?: number) => {
          exits.push(code ?? 0);
        },
      },
      BrowserWindow: FakeWindow as unknown as new (options: BrowserWindowConstructorOptions) => CockpitBrowserWindow,
      ipcMain: ipcMain as unknown as ElectronApis['ipcMain'],
      Notification: Object.assign(
        class {
          constructor(readonly options: NotificationConstructorOptions) {}
          show(): void {
            notifications.push(this.options);
          }
        },
        { isSupported: () => true },
      ),
      nativeTheme: { shouldUseDarkColors: true },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown[]) => {
          privileged.push(...schemes);
        },
        handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
          handlers.set(scheme, handler);
        },
      } as unknown as ElectronApis['protocol'],
      session: {
        defaultSession: {
          setPermissionRequestHandler: (handler: FakeElectron['permissionRequest']) => {
            fake.permissionRequest = handler;
          },
          setPermissionCheckHandler: (handler: FakeElectron['permissionCheck']) => {
            fake.permissionCheck = handler;
          },
        } as unknown as ElectronApis['session']['defaultSession'],
      },
    },
  };
  return fake;
}
