import type { CommandFn, ShellHost } from '../types';
import { displayDump, inputDump, powerDump, rotationLines } from './dumpsys-display';
import { hashOf, packageDump } from './dumpsys-package';
import { APP_PID } from './process';
import { configurationString } from './configuration-line';

/** `com.pkg/com.pkg.Main` -> `com.pkg/.Main`, as ActivityRecord prints it. */
export function shortComponent(component: string): string {
  const [pkg, cls = ''] = component.split('/');
  return cls.startsWith(pkg + '.') ? `${pkg}/${cls.slice(pkg.length)}` : component;
}

/** `com.pkg/.Main` -> `com.pkg/com.pkg.Main`. */
export function fullComponent(component: string): string {
  const [pkg, cls = ''] = component.split('/');
  return cls.startsWith('.') ? `${pkg}/${pkg}${cls}` : component;
}

/** Android 12 prints the record name with its own brace, then the task: `ActivityRecord{hash u0 pkg/.A} t12}`. */
function activityRecord(comp: string): string {
  return `ActivityRecord{${hashOf(comp)} u0 ${shortComponent(comp)}} t12}`;
}

const appWindow = (comp: string): string => `Window{${hashOf(comp + 'w')} u0 ${comp}}`;

/** `pid:uid` of the process owning a window, the same pids `ps -A` lists (system_server, SystemUI, the app). */
const sessionOf = (uid: number): string => (uid === 1000 ? '587:1000' : uid === 10105 ? '1127:u0a10105' : `${APP_PID}:u0a${uid}`);

/** The windows of an Android 12 phone from top to bottom: system bars, the app, the wallpaper behind it. */
function windowList(front: Front, w: number, h: number): string[] {
  const comp = front.comp;
  const win = (i: number, token: string, pkg: string, uid: number, ty: string, frame: string): string[] => [
    `  Window #${i} ${token}:`,
    `    mDisplayId=0 rootTaskId=${ty === 'BASE_APPLICATION' ? 12 : 1} mSession=Session{${hashOf(pkg + 's')} ${sessionOf(uid)}} mClient=android.os.BinderProxy@${hashOf(token)}`,
    `    mOwnerUid=${uid} showForAllUsers=${uid === 1000} package=${pkg} appop=NONE`,
    `    mAttrs={(0,0)(fillxfill) ty=${ty} fmt=TRANSLUCENT}`,
    `    mFrame=${frame} last=${frame}`,
    '    isOnScreen=true',
    '    isVisible=true',
  ];
  const ui = 'com.android.systemui';
  return [
    ...win(0, `Window{${hashOf('nav')} u0 NavigationBar0}`, ui, 10105, 'NAVIGATION_BAR', `[0,${h - 63}][${w},${h}]`),
    ...win(1, `Window{${hashOf('shade')} u0 NotificationShade}`, ui, 10105, 'NOTIFICATION_SHADE', `[0,0][${w},${h}]`),
    ...win(2, `Window{${hashOf('status')} u0 StatusBar}`, ui, 10105, 'STATUS_BAR', `[0,0][${w},63]`),
    // No activity in front (a recorded window has focus): no application window above the wallpaper.
    ...(front.window === undefined ? win(3, appWindow(comp), comp.split('/')[0], 10123, 'BASE_APPLICATION', `[0,0][${w},${h}]`) : []),
    ...win(4, `Window{${hashOf('com.android.systemui.ImageWallpaperw')} u0 com.android.systemui.ImageWallpaper}`, ui, 10105, 'WALLPAPER', `[0,0][${w},${h}]`),
  ];
}

/**
 * The size line Android 12 prints under `Display: mDisplayId=0` (DisplayContent.dump): init = the panel, base = the
 * `wm size` / `wm density` override when there is one, cur/app = the turned display.
 */
function displayInit(host: ShellHost): string {
  const { width: iw, height: ih } = host.display.panel();
  const { width: bw, height: bh } = host.display.physical();
  const { width: w, height: h } = host.display.logical();
  const dpi = host.world().density;
  const bdpi = Number(host.props.get('vd.wm.density') ?? dpi);
  const base = iw !== bw || ih !== bh || dpi !== bdpi ? ` base=${bw}x${bh} ${bdpi}dpi` : '';
  const lo = Math.min(w, h);
  const hi = Math.max(w, h);
  return `    init=${iw}x${ih} ${dpi}dpi${base} mMinSizeOfResizeableTaskDp=220 cur=${w}x${h} app=${w}x${h} rng=${lo}x${lo}-${hi}x${hi}`;
}

/** The screen in front: its component, and the focused window's title when no activity can be named (recorded-activity.ts). */
interface Front { comp: string; window?: string | null }

const frontOf = (host: ShellHost): Front => {
  const s = host.world().screen(host.now());
  return s.window === undefined ? { comp: s.activity } : { comp: s.activity, window: s.window };
};

/** A window with no activity: `Window{hash u0 TITLE}`, or `null` when nothing has focus. */
const focusWindow = (f: Front): string => (f.window === undefined ? appWindow(f.comp) : f.window === null ? 'null' : `Window{${hashOf(f.window + 'w')} u0 ${f.window}}`);

/** The focused window and app, which every activity and window dump ends with; no app is focused when no activity can be named. */
const focusLines = (f: Front): string[] => [`  mCurrentFocus=${focusWindow(f)}`, `  mFocusedApp=${f.window === undefined ? activityRecord(f.comp) : 'null'}`, ''];

function activityDump(host: ShellHost): string {
  const front = frontOf(host);
  if (front.window !== undefined) return noActivityDump(host, front);
  const comp = front.comp;
  const pkg = comp.split('/')[0];
  const short = shortComponent(comp);
  const rec = activityRecord(comp);
  return [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
    `  * Task{${hashOf(pkg)} #12 type=standard A=10123:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    `    mResumedActivity: ${rec}`,
    `    topResumedActivity=${rec}`,
    `    * Hist  #0: ${rec}`,
    `      packageName=${pkg} processName=${pkg}`,
    `      Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${short} }`,
    `      mActivityComponent=${short}`,
    '      mLastReportedConfigurations:',
    `        mGlobalConfig=${configurationString(host, { activityType: 'undefined' })}`,
    `        mOverrideConfig=${configurationString(host)}`,
    `      CurrentConfiguration=${configurationString(host)}`,
    `      state=RESUMED stopped=false delayedResume=false finishing=false`,
    `      windows=[${appWindow(comp)}]`,
    '',
    '  Resumed activities in task display areas (from top to bottom):',
    `    Resumed: ${rec}`,
    '',
    `  ResumedActivity: ${rec}`,
    '',
    'ActivityTaskSupervisor state:',
    `  topDisplayFocusedRootTask=Task{${hashOf(pkg)} #12 type=standard A=10123:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    '  Display: mDisplayId=0 rootTasks=4',
    displayInit(host),
    '',
    ...focusLines(front),
  ].join('\n');
}

/**
 * `dumpsys activity activities` while no activity has focus (a recorded window such as the wallpaper's, or none):
 * no task is resumed, so no ActivityRecord names the front; the focus lines name the window as dumpsys window does.
 */
function noActivityDump(host: ShellHost, front: Front): string {
  return [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
    '',
    'ActivityTaskSupervisor state:',
    '  Display: mDisplayId=0 rootTasks=4',
    displayInit(host),
    '',
    ...focusLines(front),
  ].join('\n');
}

function windowDump(host: ShellHost, all: boolean): string {
  const front = frontOf(host);
  const { width: w, height: h } = host.display.logical();
  return [
    'WINDOW MANAGER WINDOWS (dumpsys window windows)',
    ...windowList(front, w, h),
    '',
    `  mGlobalConfiguration=${configurationString(host, { activityType: 'undefined', windowingModeOfDisplay: false })}`,
    '  mHasPermanentDpad=false',
    '  mTopFocusedDisplayId=0',
    '  mInputMethodWindow=null',
    ...focusLines(front),
    // the full dump goes on with the display contents (DisplayRotation); the focus is printed once
    ...(all ? ['', displaysDump(host, false)] : []),
  ].join('\n');
}

function displaysDump(host: ShellHost, focus = true): string {
  const front = frontOf(host);
  return [
    'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)',
    '  Display: mDisplayId=0 rootTasks=4',
    displayInit(host),
    ...rotationLines(host),
    '',
    ...(focus ? focusLines(front) : []),
  ].join('\n');
}

/** `dumpsys activity recents`: the recent tasks, the foreground one first (AndroidWorld collects their `id=`). */
function recentsDump(host: ShellHost): string {
  const comp = host.world().screen(host.now()).activity;
  const pkg = comp.split('/')[0];
  return [
    'ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)',
    '  Recent tasks:',
    `  * Recent #0: Task{${hashOf(pkg)} #12 type=standard A=10123:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    `    userId=0 effectiveUid=u0a123 mCallingUid=2000 mUserSetupComplete=true mCallingPackage=com.android.shell mCallingFeatureId=null`,
    `    affinity=10123:${pkg}`,
    `    intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(comp)}}`,
    `    realActivity=${comp}`,
    '',
  ].join('\n');
}

export const dumpsys: CommandFn = (io) => {
  const [service = '', sub = ''] = io.args.slice(1);
  const world = io.host.world();
  const now = io.host.now();
  if (service === 'activity' && ['activities', 'a', ''].includes(sub)) io.out(activityDump(io.host));
  else if (service === 'activity' && sub === 'recents') io.out(recentsDump(io.host));
  else if (service === 'activity' && sub === 'top' && world.screen(now).window !== undefined) io.out('');
  else if (service === 'activity' && sub === 'top') io.out(`TASK 10123:${world.screen(now).activity.split('/')[0]} id=12 userId=0\n  ACTIVITY ${shortComponent(world.screen(now).activity)} ${hashOf(world.screen(now).activity)} pid=${APP_PID}\n`);
  else if (service === 'window' && ['windows', 'w', '', '-a'].includes(sub)) io.out(windowDump(io.host, sub === '' || sub === '-a'));
  else if (service === 'window' && ['displays', 'd'].includes(sub)) io.out(displaysDump(io.host));
  else if (service === 'display') io.out(displayDump(io.host));
  else if (service === 'input') io.out(inputDump(io.host));
  else if (service === 'power') io.out(powerDump(io.host));
  else if (service === 'battery') {
    io.out('Current Battery Service state:\n  AC powered: true\n  USB powered: false\n  Wireless powered: false\n  status: 2\n  health: 2\n  present: true\n  level: 100\n  scale: 100\n  voltage: 5000\n  temperature: 250\n  technology: Li-ion\n');
  } else if (service === 'input_method') {
    io.out(`Current Input Method Manager state:\n  mCurMethodId=${io.host.settings.get('secure:default_input_method') ?? ''}\n  mInputShown=false\n`);
  } else if (service === 'package' && sub && !sub.startsWith('-')) {
    // An app the device does not have prints nothing, as `dumpsys package nosuch.pkg` on a phone prints no Packages: section.
    const p = world.packages().find((x) => x.name === sub);
    if (p) io.out(packageDump(p, p.system ? 1000 : 10123));
  } else if (['activity', 'window', 'package'].includes(service)) {
    io.out('');
  } else {
    io.out(`Can't find service: ${service}\n`);
  }
  return 0;
};
