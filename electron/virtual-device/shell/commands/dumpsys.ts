import type { CommandFn } from '../types';
import type { World } from '../../world/types';

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

function hashOf(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).slice(0, 7);
}

function activityDump(world: World, now: Date): string {
  const comp = world.screen(now).activity;
  const pkg = comp.split('/')[0];
  const short = shortComponent(comp);
  const rec = `ActivityRecord{${hashOf(comp)} u0 ${short} t12}`;
  const { width: w, height: h } = world.size;
  return [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
    `  * Task{${hashOf(pkg)} #12 type=standard A=10123:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    `    topResumedActivity=${rec}`,
    `    * Hist  #0: ${rec}`,
    `      packageName=${pkg} processName=${pkg}`,
    `      Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${short} }`,
    `      mActivityComponent=${short}`,
    `      state=RESUMED stopped=false delayedResume=false finishing=false`,
    `      windows=[Window{${hashOf(comp + 'w')} u0 ${comp}}]`,
    '',
    '  Resumed activities in task display areas (from top to bottom):',
    `    Resumed: ${rec}`,
    '',
    `  ResumedActivity: ${rec}`,
    '',
    'ActivityTaskSupervisor state:',
    `  topDisplayFocusedRootTask=Task{${hashOf(pkg)} #12 type=standard A=10123:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}`,
    '  Display: mDisplayId=0 rootTasks=4',
    `    init=${w}x${h} ${world.density}dpi mMinSizeOfResizeableTaskDp=220 cur=${w}x${h} app=${w}x${h} rng=${w}x${w}-${h}x${h}`,
    '',
    `  mCurrentFocus=Window{${hashOf(comp + 'w')} u0 ${comp}}`,
    `  mFocusedApp=${rec}`,
    '',
  ].join('\n');
}

function windowDump(world: World, now: Date): string {
  const comp = world.screen(now).activity;
  const short = shortComponent(comp);
  const { width: w, height: h } = world.size;
  const win = `Window{${hashOf(comp + 'w')} u0 ${comp}}`;
  return [
    'WINDOW MANAGER WINDOWS (dumpsys window windows)',
    `  Window #0 ${win}:`,
    `    mDisplayId=0 rootTaskId=12 mSession=Session{${hashOf('s')} 4242:u0a10123} mClient=android.os.BinderProxy@${hashOf('c')}`,
    `    mOwnerUid=10123 showForAllUsers=false package=${comp.split('/')[0]} appop=NONE`,
    `    mAttrs={(0,0)(fillxfill) sim={adjust=pan forwardNavigation} ty=BASE_APPLICATION fmt=TRANSLUCENT}`,
    `    mFrame=[0,0][${w},${h}] last=[0,0][${w},${h}]`,
    `    isOnScreen=true`,
    `    isVisible=true`,
    '',
    `  mGlobalConfiguration={1.0 310mcc260mnc [en_US] ldltr sw${Math.round((w * 160) / world.density)}dp port finger -keyb/v/h -nav/h}`,
    `  mHasPermanentDpad=false`,
    `  mTopFocusedDisplayId=0`,
    `  mInputMethodWindow=null`,
    `  mCurrentFocus=${win}`,
    `  mFocusedApp=ActivityRecord{${hashOf(comp)} u0 ${short} t12}`,
    '',
  ].join('\n');
}

export const dumpsys: CommandFn = (io) => {
  const [service = '', sub = ''] = io.args.slice(1);
  const world = io.host.world();
  const now = io.host.now();
  if (service === 'activity' && ['activities', 'a', ''].includes(sub)) io.out(activityDump(world, now));
  else if (service === 'activity' && sub === 'top') io.out(`TASK 10123:${world.screen(now).activity.split('/')[0]} id=12 userId=0\n  ACTIVITY ${shortComponent(world.screen(now).activity)} ${hashOf(world.screen(now).activity)} pid=4242\n`);
  else if (service === 'window' && ['windows', 'w', '', '-a'].includes(sub)) io.out(windowDump(world, now));
  else if (service === 'window' && ['displays', 'd'].includes(sub)) {
    io.out(`WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=0 rootTasks=4\n    init=${world.size.width}x${world.size.height} ${world.density}dpi cur=${world.size.width}x${world.size.height} app=${world.size.width}x${world.size.height}\n`);
  } else if (service === 'battery') {
    io.out('Current Battery Service state:\n  AC powered: true\n  USB powered: false\n  Wireless powered: false\n  status: 2\n  health: 2\n  present: true\n  level: 100\n  scale: 100\n  voltage: 5000\n  temperature: 250\n  technology: Li-ion\n');
  } else if (service === 'input_method') {
    io.out('Current Input Method Manager state:\n  mCurMethodId=com.android.inputmethod.latin/.LatinIME\n  mInputShown=false\n');
  } else if (['activity', 'window', 'package', 'display', 'power'].includes(service)) {
    io.out('');
  } else {
    io.out(`Can't find service: ${service}\n`);
  }
  return 0;
};
