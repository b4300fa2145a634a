import type { PackageInfo } from '../../world/types';

/** `dumpsys package PKG` in Android 12's layout: the lines tools grep (versionName, versionCode, userId, codePath). */

/** A stable object hash for the `Name{hash ...}` records dumpsys prints. */
export function hashOf(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).slice(0, 7);
}

/** The install folder `pm path` prints the base.apk of. */
export const codePath = (pkg: string): string => `/data/app/~~${Buffer.from(pkg).toString('base64url').slice(0, 22)}==/${pkg}-1`;

/** A package's dump; system packages carry the platform's version (12 / 31), the demo apps 1.0 / 1. */
export function packageDump(p: PackageInfo, uid: number): string {
  const [versionCode, versionName] = p.system ? [31, '12'] : [1, '1.0'];
  const flags = p.system ? '[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]' : '[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]';
  const code = codePath(p.name);
  const installed = '2022-01-01 00:00:00';
  return [
    'Packages:',
    `  Package [${p.name}] (${hashOf(p.name)}):`,
    `    userId=${uid}`,
    `    pkg=Package{${hashOf(p.name + 'p')} ${p.name}}`,
    `    codePath=${code}`,
    `    resourcePath=${code}`,
    `    legacyNativeLibraryDir=${code}/lib`,
    '    primaryCpuAbi=null',
    '    secondaryCpuAbi=null',
    `    versionCode=${versionCode} minSdk=24 targetSdk=31`,
    `    versionName=${versionName}`,
    '    splits=[base]',
    '    apkSigningVersion=2',
    `    applicationInfo=ApplicationInfo{${hashOf(p.name + 'a')} ${p.name}}`,
    `    flags=${flags}`,
    `    dataDir=/data/user/0/${p.name}`,
    '    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]',
    `    timeStamp=${installed}`,
    `    firstInstallTime=${installed}`,
    `    lastUpdateTime=${installed}`,
    `    installerPackageName=${p.system ? 'null' : 'com.android.vending'}`,
    `    pkgFlags=${flags}`,
    '    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false',
    '',
  ].join('\n');
}
