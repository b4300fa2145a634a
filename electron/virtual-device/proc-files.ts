/**
 * The few /proc files agent harnesses and monitors read, in the kernel's formats (Linux 5.10, Android 12
 * GKI: fs/proc/version.c, fs/proc/stat.c, fs/proc/meminfo.c). The numbers are a plausible idle phone's.
 */
export function procFiles(): [string, string][] {
  const cpu = (name: string, k: number): string => `${name} ${[4210, 31, 2890, 98120, 45, 310, 120, 0, 0, 0].map((v) => v * k).join(' ')}`;
  return [
    ['/proc/version', 'Linux version 5.10.66-android12-9-00001-g0d7a6f2 (build-user@build-host) (Android (7284624, based on r416183b) clang version 12.0.5, LLD 12.0.5) #1 SMP PREEMPT Thu Jan 1 00:00:00 UTC 2022\n'],
    ['/proc/stat', [
      cpu('cpu ', 8), ...Array.from({ length: 8 }, (_, i) => cpu(`cpu${i}`, 1)),
      'intr 1843021 0 0 0', 'ctxt 3920143', 'btime 1767225600', 'processes 8123', 'procs_running 1', 'procs_blocked 0',
      'softirq 402113 12 90211 31 1203 0 0 2011 120331 0 188314', '',
    ].join('\n')],
    ['/proc/meminfo', ['MemTotal:        3907592 kB', 'MemFree:          812340 kB', 'MemAvailable:    2210456 kB', 'Buffers:           10232 kB', 'Cached:          1402288 kB', 'SwapTotal:       2097148 kB', 'SwapFree:        2097148 kB', ''].join('\n')],
    ['/proc/uptime', '3600.12 27412.80\n'],
  ];
}
