@echo off
rem coroner.cmd: starts Coroner fast (Windows). The build copies this file next to coroner.jar and coroner.jsa
rem (app\target\); "java -jar coroner.jar ..." does the same work, only slower to start.
rem
rem What it adds to "java -jar coroner.jar %*" (the POSIX launcher "coroner" says why, at length):
rem - the class-data-sharing archive coroner.jsa the build made; quietly unused when missing, stale or made by
rem   another Java (-Xshare:auto, cds log off), mapped where it was made to be (ArchiveRelocationMode=0), not moved
rem   and rewritten on every start;
rem - for verdict, precursor, scripts, --help and --version: the client compiler only (TieredStopAtLevel=1)
rem   and the serial collector; for snapshot the client compiler only; for the window too when the machine has
rem   fewer than 4 processors, where the optimising compiler would take a core from the window for most of its
rem   first minute.
rem
rem It runs %JAVA_HOME%\bin\java.exe when JAVA_HOME is set, else the java on PATH (Java 17 or newer).
rem CORONER_JAVA_OPTS: more JVM options, after the launcher's own, so they win (e.g. -Xmx8g); a collector named there
rem (-XX:+Use...GC) replaces the serial one of verdict, precursor, scripts, --help and --version (the JVM refuses
rem two), as in the POSIX launcher. tools/cmd-launcher-test.sh runs this file under Wine.
setlocal

set "CORONER_DIR=%~dp0"
if "%CORONER_DIR:~-1%"=="\" set "CORONER_DIR=%CORONER_DIR:~0,-1%"

if defined JAVA_HOME (
    set "CORONER_JAVA=%JAVA_HOME%\bin\java.exe"
) else (
    set "CORONER_JAVA=java"
)
if defined JAVA_HOME if not exist "%CORONER_JAVA%" (
    >&2 echo coroner: JAVA_HOME is "%JAVA_HOME%", which has no bin\java.exe; set it to a Java 17+ or unset it
    exit /b 2
)
rem "if errorlevel" here, not a double bar after "where": Wine's cmd runs what follows a double bar whatever the
rem status, so tools/cmd-launcher-test.sh could not check this branch.
if not defined JAVA_HOME (
    where java >nul 2>nul
    if errorlevel 1 (
        >&2 echo coroner: no java on PATH; install Java 17 ^(or newer^) or set JAVA_HOME
        exit /b 2
    )
)

set "CORONER_FLAGS="
set "CORONER_FIRST=%~1"
set "CORONER_CLI="
if "%CORONER_FIRST%"=="verdict" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="precursor" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="scripts" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="-h" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="--help" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="-V" set "CORONER_CLI=1"
if "%CORONER_FIRST%"=="--version" set "CORONER_CLI=1"
set "CORONER_OWN_GC="
if not defined CORONER_JAVA_OPTS goto collectors_known
call :collectors %CORONER_JAVA_OPTS%
:collectors_known
if defined CORONER_CLI set "CORONER_FLAGS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
if defined CORONER_CLI if defined CORONER_OWN_GC set "CORONER_FLAGS=-XX:TieredStopAtLevel=1"
if "%CORONER_FIRST%"=="snapshot" set "CORONER_FLAGS=-XX:TieredStopAtLevel=1"
if not defined CORONER_FLAGS if defined NUMBER_OF_PROCESSORS if %NUMBER_OF_PROCESSORS% LSS 4 set "CORONER_FLAGS=-XX:TieredStopAtLevel=1"

set "CORONER_CDS="
if exist "%CORONER_DIR%\coroner.jsa" (
    set CORONER_CDS="-XX:SharedArchiveFile=%CORONER_DIR%\coroner.jsa" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0
)

"%CORONER_JAVA%" %CORONER_CDS% %CORONER_FLAGS% %CORONER_JAVA_OPTS% -jar "%CORONER_DIR%\coroner.jar" %*
exit /b %ERRORLEVEL%

rem Whether one of the options it is given (CORONER_JAVA_OPTS) names a garbage collector: -XX:+Use, then anything,
rem then GC (the POSIX launcher's pattern -XX:+Use*GC). Arguments and shift, not a for loop: a ")" in an option would
rem end the loop's list.
:collectors
if "%~1"=="" exit /b 0
set "CORONER_OPTION=%~1"
shift
if not "%CORONER_OPTION:~0,8%"=="-XX:+Use" goto collectors
if not "%CORONER_OPTION:~-2%"=="GC" goto collectors
set "CORONER_OWN_GC=1"
exit /b 0
