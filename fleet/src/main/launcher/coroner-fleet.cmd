@echo off
rem Coroner's Spark job on this machine (docs/FLEET.md, "Trying it without a cluster"): local[*] unless --master
rem says otherwise, Spark's jars from the Maven repository the build used (listed in coroner-fleet.args).
setlocal
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java"
if not defined SPARK_LOCAL_IP set "SPARK_LOCAL_IP=127.0.0.1"
"%JAVA%" @SPARK_JAVA_OPTIONS@ -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlog4j2.configurationFile=dev/coroner/fleet/log4j2-launcher.properties -Dspark.ui.enabled=false %JAVA_OPTS% "@%~dp0coroner-fleet.args" dev.coroner.fleet.FleetJob --master local[*] %*
exit /b %ERRORLEVEL%
