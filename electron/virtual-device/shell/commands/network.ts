import type { CommandFn, ShellHost } from '../types';

/**
 * `svc`, toybox `ifconfig` and iproute2 `ip addr` over the device's radio settings: `svc wifi disable` turns
 * `global:wifi_on` off and wlan0 loses its address, as on a phone.
 */
interface Iface { name: string; index: number; mac: string; inet?: [string, number, string]; mtu: number }

function interfaces(host: ShellHost): Iface[] {
  const wifi = host.settings.get('global:wifi_on') !== '0' && host.settings.get('global:airplane_mode_on') !== '1';
  return [
    { name: 'lo', index: 1, mac: '00:00:00:00:00:00', inet: ['127.0.0.1', 8, ''], mtu: 65536 },
    { name: 'wlan0', index: 3, mac: '02:15:b2:00:00:00', inet: wifi ? ['10.0.2.16', 24, '10.0.2.255'] : undefined, mtu: 1500 },
  ];
}

const MASKS: Record<number, string> = { 8: '255.0.0.0', 24: '255.255.255.0' };

function ifconfigBlock(i: Iface): string {
  const lo = i.name === 'lo';
  return [
    `${i.name.padEnd(10)}Link encap:${lo ? 'Local Loopback' : `Ethernet  HWaddr ${i.mac}  Driver mac80211_hwsim`}`,
    ...(i.inet ? [`          inet addr:${i.inet[0]}  ${i.inet[2] ? `Bcast:${i.inet[2]}  ` : ''}Mask:${MASKS[i.inet[1]]} `] : []),
    `          ${lo ? 'UP LOOPBACK RUNNING' : i.inet ? 'UP BROADCAST RUNNING MULTICAST' : 'BROADCAST MULTICAST'}  MTU:${i.mtu}  Metric:1`,
    '          RX packets:1206 errors:0 dropped:0 overruns:0 frame:0 ',
    '          TX packets:1010 errors:0 dropped:0 overruns:0 carrier:0 ',
    '          collisions:0 txqueuelen:1000 ',
    '          RX bytes:902311 TX bytes:169223 ',
    '',
  ].join('\n') + '\n';
}

const ifconfig: CommandFn = (io) => {
  const all = interfaces(io.host);
  const name = io.args.slice(1).find((a) => !a.startsWith('-'));
  if (!name) { io.out(all.filter((i) => i.name === 'lo' || i.inet).map(ifconfigBlock).join('')); return 0; }
  const i = all.find((x) => x.name === name);
  if (!i) { io.err(`ifconfig: ${name}: No such device\n`); return 1; }
  io.out(ifconfigBlock(i));
  return 0;
};

function ipAddrBlock(i: Iface): string {
  const lo = i.name === 'lo';
  const flags = lo ? 'LOOPBACK,UP,LOWER_UP' : i.inet ? 'BROADCAST,MULTICAST,UP,LOWER_UP' : 'BROADCAST,MULTICAST';
  const lines = [
    `${i.index}: ${i.name}: <${flags}> mtu ${i.mtu} qdisc ${lo ? 'noqueue' : 'mq'} state ${lo ? 'UNKNOWN' : i.inet ? 'UP' : 'DOWN'} group default qlen 1000`,
    `    link/${lo ? 'loopback' : 'ether'} ${i.mac} brd ${lo ? '00:00:00:00:00:00' : 'ff:ff:ff:ff:ff:ff'}`,
  ];
  if (i.inet) lines.push(`    inet ${i.inet[0]}/${i.inet[1]} ${i.inet[2] ? `brd ${i.inet[2]} ` : ''}scope ${lo ? 'host' : 'global'} ${i.name}`, '       valid_lft forever preferred_lft forever');
  return lines.join('\n') + '\n';
}

/** `ip addr|a|address [show] [dev] [IFACE]`. */
const ip: CommandFn = (io) => {
  const [obj, ...rest] = io.args.slice(1);
  if (!obj || !['addr', 'a', 'address'].includes(obj)) { io.err(`Object "${obj ?? ''}" is unknown, try "ip help".\n`); return 255; }
  const words = rest.filter((w) => w !== 'show' && w !== 'list' && w !== 'dev');
  const all = interfaces(io.host);
  const chosen = words[0] ? all.filter((i) => i.name === words[0]) : all;
  if (!chosen.length) { io.err(`Device "${words[0]}" does not exist.\n`); return 1; }
  io.out(chosen.map(ipAddrBlock).join(''));
  return 0;
};

/** `svc wifi|data enable|disable`, `svc power stayon true|false|usb|ac|wireless`: silent on success, as on a phone. */
const svc: CommandFn = (io) => {
  const [service, cmd, arg] = io.args.slice(1);
  const set = (key: string, on: boolean): number => { io.host.settings.set(key, on ? '1' : '0'); return 0; };
  if ((service === 'wifi' || service === 'data') && (cmd === 'enable' || cmd === 'disable')) return set(service === 'wifi' ? 'global:wifi_on' : 'global:mobile_data', cmd === 'enable');
  if (service === 'power' && cmd === 'stayon' && arg) { io.host.settings.set('global:stay_on_while_plugged_in', arg === 'false' ? '0' : '7'); return 0; }
  io.out(`Available commands:\n    help     Show information about the subcommands\n    power    Control the power manager\n    data     Control mobile data connectivity\n    wifi     Control the Wi-Fi manager\n    usb      Control Usb state\n    nfc      Control NFC functions\n    bluetooth Control Bluetooth service\n`);
  return service ? 1 : 0;
};

export const networkCommands: [string, CommandFn][] = [['ifconfig', ifconfig], ['ip', ip], ['svc', svc]];
