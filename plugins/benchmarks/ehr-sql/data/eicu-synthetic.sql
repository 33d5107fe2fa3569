-- SYNTHETIC eICU-schema database for @medhelm/benchmark-ehr-sql.
--
-- NOT REAL DATA. The schema below is EHRSQL's eicu.sql (glee4810/EHRSQL@e172ec8e61391ecae2d872c8d0ba02a622222f54,
-- dataset/ehrsql/eicu/eicu.sql, CC BY 4.0), copied unchanged. Every row after it is invented for tests and the
-- --sample quickstart: no row comes from eICU or any patient. The uniquepid values, drug/lab/treatment names and
-- timestamps are the ones the bundled sample questions (data/eicu/valid.json, data/eicu/test.json) ask about, so
-- that their gold queries return rows (one more patient, 009-7790, shares 009-7776's age for the percentile
-- question); all other values (stay ids, ages, weights, results, costs) are made up.
-- Scores on this database are NOT comparable with HELM's, which uses eicu.sqlite from
-- https://github.com/raulista1997/benchmarkdata/raw/c4c252443fa9c52afb6960f53e51be278639bea2/eicu.sqlite
--
-- Rebuild data/eicu.sqlite from this file with: node scripts/build-synthetic-database.mjs

DROP TABLE IF EXISTS patient;
CREATE TABLE patient
(
    uniquepid VARCHAR(10) NOT NULL,
    patienthealthsystemstayid INT NOT NULL,
    patientunitstayid INT NOT NULL PRIMARY KEY,
    gender VARCHAR(25) NOT NULL,
    age VARCHAR(10) NOT NULL,
    ethnicity VARCHAR(50),
    hospitalid INT NOT NULL,
    wardid INT NOT NULL,
    admissionheight NUMERIC(10,2),
    admissionweight NUMERIC(10,2),
    dischargeweight NUMERIC(10,2),
    hospitaladmittime TIMESTAMP(0) NOT NULL,
    hospitaladmitsource VARCHAR(30) NOT NULL,
    unitadmittime TIMESTAMP(0) NOT NULL,
    unitdischargetime TIMESTAMP(0),
    hospitaldischargetime TIMESTAMP(0),
    hospitaldischargestatus VARCHAR(10)
) ;

DROP TABLE IF EXISTS diagnosis;
CREATE TABLE diagnosis
(
    diagnosisid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    diagnosisname VARCHAR(200) NOT NULL,
    diagnosistime TIMESTAMP(0) NOT NULL,
    icd9code VARCHAR(100),
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS treatment;
CREATE TABLE treatment
(
    treatmentid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    treatmentname VARCHAR(200) NOT NULL,
    treatmenttime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS lab;
CREATE TABLE lab
(
    labid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    labname VARCHAR(256) NOT NULL,
    labresult NUMERIC(11,4) NOT NULL,
    labresulttime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS medication;
CREATE TABLE medication
(
    medicationid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    drugname VARCHAR(220) NOT NULL,
    dosage VARCHAR(60) NOT NULL,
    routeadmin VARCHAR(120) NOT NULL,
    drugstarttime TIMESTAMP(0),
    drugstoptime TIMESTAMP(0),
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS cost;
CREATE TABLE cost
(
    costid INT NOT NULL PRIMARY KEY,
    uniquepid VARCHAR(10) NOT NULL,
    patienthealthsystemstayid INT NOT NULL,
    eventtype VARCHAR(20) NOT NULL,
    eventid INT NOT NULL,
    chargetime TIMESTAMP(0) NOT NULL,
    cost DOUBLE PRECISION NOT NULL,
    FOREIGN KEY(patienthealthsystemstayid) REFERENCES patient(patienthealthsystemstayid)
) ;

DROP TABLE IF EXISTS allergy;
CREATE TABLE allergy
(
    allergyid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    drugname VARCHAR(255),
    allergyname VARCHAR(255) NOT NULL,
    allergytime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS intakeoutput;
CREATE TABLE intakeoutput
(
    intakeoutputid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    cellpath VARCHAR(500) NOT NULL,
    celllabel VARCHAR(255) NOT NULL,
    cellvaluenumeric NUMERIC(12,4) NOT NULL,
    intakeoutputtime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS microlab;
CREATE TABLE microlab
(
    microlabid INT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    culturesite VARCHAR(255) NOT NULL,
    organism VARCHAR(255) NOT NULL,
    culturetakentime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

DROP TABLE IF EXISTS vitalperiodic;
CREATE TABLE vitalperiodic
(
    vitalperiodicid BIGINT NOT NULL PRIMARY KEY,
    patientunitstayid INT NOT NULL,
    temperature NUMERIC(11,4),
    sao2 INT,
    heartrate INT,
    respiration INT,
    systemicsystolic INT,
    systemicdiastolic INT,
    systemicmean INT,
    observationtime TIMESTAMP(0) NOT NULL,
    FOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)
) ;

-- ---------------------------------------------------------------------------------------------------------------
-- Invented rows.
-- ---------------------------------------------------------------------------------------------------------------

INSERT INTO patient (uniquepid, patienthealthsystemstayid, patientunitstayid, gender, age, ethnicity, hospitalid, wardid, admissionheight, admissionweight, dischargeweight, hospitaladmittime, hospitaladmitsource, unitadmittime, unitdischargetime, hospitaldischargetime, hospitaldischargestatus) VALUES
  ('002-75209', 900101, 910101, 'female', '67', 'caucasian', 71, 101, 162.6, 58.2, 57.9, '2104-03-02 08:15:00', 'emergency department', '2104-03-02 09:40:00', '2104-03-05 14:00:00', '2104-03-09 17:30:00', 'alive'),
  ('002-75209', 900102, 910102, 'female', '68', 'caucasian', 71, 101, 162.6, 59.0, 58.4, '2105-01-10 21:05:00', 'emergency department', '2105-01-10 22:30:00', '2105-01-13 10:00:00', '2105-01-16 12:45:00', 'alive'),
  ('006-122567', 900201, 910201, 'male', '54', 'african american', 73, 215, 180.3, 80.3, 79.1, '2103-05-01 07:50:00', 'direct admit', '2103-05-01 10:00:00', '2103-05-03 09:00:00', '2103-05-10 11:00:00', 'alive'),
  ('006-122567', 900201, 910202, 'male', '54', 'african american', 73, 216, 180.3, 78.6, 78.0, '2103-05-01 07:50:00', 'direct admit', '2103-05-04 12:00:00', '2103-05-08 16:20:00', '2103-05-10 11:00:00', 'alive'),
  ('006-122567', 900202, 910203, 'male', '55', 'african american', 73, 215, 180.3, 82.0, 81.2, '2104-08-19 13:10:00', 'emergency department', '2104-08-19 15:00:00', '2104-08-22 08:00:00', '2104-08-27 10:30:00', 'alive'),
  ('017-101426', 900301, 910301, 'female', '71', 'hispanic', 80, 330, 155.0, 64.0, 63.5, '2102-02-11 04:20:00', 'emergency department', '2102-02-11 06:00:00', '2102-02-14 12:00:00', '2102-02-18 15:00:00', 'alive'),
  ('017-101426', 900302, 910302, 'female', '73', 'hispanic', 80, 331, 155.0, 95.0, 94.2, '2104-10-02 09:00:00', 'floor', '2104-10-02 11:15:00', '2104-10-05 09:30:00', '2104-10-12 13:00:00', 'alive'),
  ('017-101426', 900302, 910303, 'female', '73', 'hispanic', 80, 332, 155.0, 93.4, 92.8, '2104-10-02 09:00:00', 'floor', '2104-10-06 18:45:00', '2104-10-09 07:00:00', '2104-10-12 13:00:00', 'alive'),
  ('022-78423', 900401, 910401, 'male', '45', 'caucasian', 95, 412, 177.8, 88.5, NULL, '2105-12-20 02:30:00', 'emergency department', '2105-12-20 04:10:00', NULL, NULL, NULL),
  ('004-13127', 900501, 910501, 'female', '82', 'asian', 63, 236, 150.0, 49.7, NULL, '2105-12-24 11:00:00', 'operating room', '2105-12-24 14:25:00', NULL, NULL, NULL),
  ('006-124193', 900601, 910601, 'male', '60', 'other/unknown', 73, 217, 172.7, 101.2, NULL, '2105-12-26 19:40:00', 'emergency department', '2105-12-26 21:00:00', NULL, NULL, NULL),
  ('017-101310', 900701, 910701, 'male', '39', 'caucasian', 80, 333, 185.4, 77.0, 76.4, '2101-07-04 16:00:00', 'emergency department', '2101-07-04 18:20:00', '2101-07-07 12:00:00', '2101-07-11 09:15:00', 'alive'),
  ('017-101310', 900702, 910702, 'male', '41', 'caucasian', 80, 333, 185.4, 79.5, 79.0, '2103-11-23 08:30:00', 'direct admit', '2103-11-23 09:45:00', '2103-11-25 15:00:00', '2103-11-29 10:00:00', 'alive'),
  ('030-16826', 900801, 910801, 'female', '76', 'caucasian', 110, 508, 167.6, 70.1, 69.0, '2104-06-12 22:10:00', 'emergency department', '2104-06-13 01:00:00', '2104-06-18 11:00:00', '2104-06-21 14:00:00', 'expired'),
  ('027-120477', 900901, 910901, 'male', '63', 'african american', 122, 611, 175.3, 90.2, 89.0, '2104-01-02 17:45:00', 'emergency department', '2104-01-02 20:00:00', '2104-01-05 10:00:00', '2104-01-08 12:30:00', 'alive'),
  ('009-7776', 901001, 911001, 'female', '58', 'caucasian', 88, 120, 160.0, 66.6, NULL, '2105-12-27 06:00:00', 'emergency department', '2105-12-27 07:30:00', NULL, NULL, NULL),
  ('009-7790', 901101, 911101, 'male', '58', 'caucasian', 88, 121, 178.0, 84.0, 83.1, '2103-04-14 10:00:00', 'floor', '2103-04-14 12:00:00', '2103-04-16 09:00:00', '2103-04-20 16:00:00', 'alive'),
  ('022-187132', 901201, 911201, 'male', '49', 'hispanic', 95, 413, 170.2, 73.9, NULL, '2105-12-29 13:20:00', 'emergency department', '2105-12-29 15:05:00', NULL, NULL, NULL),
  ('027-203413', 901301, 911301, 'female', '66', 'other/unknown', 122, 612, 158.8, 61.3, NULL, '2105-12-28 00:40:00', 'operating room', '2105-12-28 02:15:00', NULL, NULL, NULL);

INSERT INTO diagnosis (diagnosisid, patientunitstayid, diagnosisname, diagnosistime, icd9code) VALUES
  (920001, 910101, 'acute respiratory failure', '2104-03-02 10:05:00', '518.81, J96.00'),
  (920002, 910401, 'drug overdose- general - with decreased mental status', '2105-12-20 04:30:00', '977.9, T50.901'),
  (920003, 910501, 'hypotension', '2105-12-24 15:00:00', '458.9, I95.9'),
  (920004, 910601, 'hyperglycemia', '2105-12-26 21:30:00', '790.29, R73.9'),
  (920005, 910801, 'acute renal failure', '2104-06-13 02:00:00', '584.9, N17.9'),
  (920006, 911301, 'pain', '2105-12-28 03:00:00', NULL);

INSERT INTO treatment (treatmentid, patientunitstayid, treatmentname, treatmenttime) VALUES
  (930001, 910601, 'hypertonic saline administration', '2105-12-27 03:10:00'),
  (930002, 910901, 'hypertonic saline administration', '2104-01-03 08:00:00'),
  (930003, 910101, 'oxygen therapy (40% to 60%)', '2104-03-02 10:30:00'),
  (930004, 910501, 'vasopressors - norepinephrine <= 0.1 micrograms/kg/min', '2105-12-24 16:00:00'),
  (930005, 910401, 'sedative agent - propofol', '2105-12-20 05:00:00');

INSERT INTO lab (labid, patientunitstayid, labname, labresult, labresulttime) VALUES
  (940001, 910501, '-monos', 6.0, '2105-12-25 05:00:00'),
  (940002, 910501, '-monos', 7.2, '2105-12-28 04:00:00'),
  (940003, 910601, 'bedside glucose', 212.0, '2105-12-26 22:15:00'),
  (940004, 910601, 'bedside glucose', 184.0, '2105-12-27 06:00:00'),
  (940005, 910601, 'bedside glucose', 143.0, '2105-12-28 06:00:00'),
  (940006, 910801, 'bun', 31.0, '2104-06-13 12:26:00'),
  (940007, 910801, 'bun', 24.0, '2104-06-17 13:25:00'),
  (940008, 910901, 'sodium', 135.0, '2104-01-03 05:32:00'),
  (940009, 910901, 'sodium', 139.0, '2104-01-04 13:15:00'),
  (940010, 911001, 'bicarbonate', 26.0, '2105-12-27 08:00:00'),
  (940011, 911001, 'bicarbonate', 24.0, '2105-12-28 08:00:00'),
  (940012, 911101, 'bicarbonate', 22.0, '2103-04-15 06:00:00'),
  (940013, 911101, 'bicarbonate', 29.0, '2103-04-16 06:00:00'),
  (940014, 910101, 'bicarbonate', 26.0, '2104-03-03 06:00:00');

INSERT INTO medication (medicationid, patientunitstayid, drugname, dosage, routeadmin, drugstarttime, drugstoptime) VALUES
  (950001, 910401, 'propofol', '50 mcg/kg/min', 'iv', '2105-12-20 05:00:00', '2105-12-22 09:00:00'),
  (950002, 910401, 'propofol', '30 mcg/kg/min', 'iv', '2105-12-23 07:00:00', NULL),
  (950003, 910401, 'naloxone', '0.4 mg', 'iv push', '2105-12-20 04:40:00', '2105-12-20 04:41:00'),
  (950004, 910601, 'insulin regular', '5 units', 'subcutan', '2105-12-26 23:00:00', NULL),
  (950005, 910101, 'furosemide', '40 mg', 'po', '2104-03-03 09:00:00', '2104-03-08 09:00:00');

INSERT INTO cost (costid, uniquepid, patienthealthsystemstayid, eventtype, eventid, chargetime, cost) VALUES
  (960001, '006-124193', 900601, 'treatment', 930001, '2105-12-27 03:10:00', 52.37),
  (960002, '027-120477', 900901, 'treatment', 930002, '2104-01-03 08:00:00', 52.37),
  (960003, '002-75209', 900101, 'diagnosis', 920001, '2104-03-02 10:05:00', 110.5),
  (960004, '022-78423', 900401, 'medication', 950001, '2105-12-20 05:00:00', 18.75),
  (960005, '030-16826', 900801, 'lab', 940006, '2104-06-13 12:26:00', 3.9);

INSERT INTO allergy (allergyid, patientunitstayid, drugname, allergyname, allergytime) VALUES
  (970001, 910101, 'penicillin', 'penicillin', '2104-03-02 10:00:00'),
  (970002, 911001, NULL, 'latex', '2105-12-27 08:30:00');

INSERT INTO intakeoutput (intakeoutputid, patientunitstayid, cellpath, celllabel, cellvaluenumeric, intakeoutputtime) VALUES
  (980001, 911301, 'flowsheet|Flowsheet Cell Labels|I&O|Intake (ml)|Continuous Infusion Meds|fentanyl', 'fentanyl', 2.5, '2105-12-28 04:00:00'),
  (980002, 911301, 'flowsheet|Flowsheet Cell Labels|I&O|Intake (ml)|Continuous Infusion Meds|fentanyl', 'fentanyl', 3.0, '2105-12-29 04:00:00'),
  (980003, 911301, 'flowsheet|Flowsheet Cell Labels|I&O|Output (ml)|Urine', 'urine', 350.0, '2105-12-29 06:00:00'),
  (980004, 910801, 'flowsheet|Flowsheet Cell Labels|I&O|Output (ml)|Urine', 'urine', 120.0, '2104-06-14 06:00:00');

INSERT INTO microlab (microlabid, patientunitstayid, culturesite, organism, culturetakentime) VALUES
  (990001, 910801, 'urine, catheter specimen', 'escherichia coli', '2104-06-13 03:00:00'),
  (990002, 910601, 'blood, venipuncture', 'staphylococcus aureus', '2105-12-27 01:00:00');

INSERT INTO vitalperiodic (vitalperiodicid, patientunitstayid, temperature, sao2, heartrate, respiration, systemicsystolic, systemicdiastolic, systemicmean, observationtime) VALUES
  (1000001, 911201, 37.2, 97, 88, 16, 124, 71, 89, '2105-12-29 16:00:00'),
  (1000002, 911201, 37.9, 95, 102, 20, 131, 75, 94, '2105-12-30 16:00:00'),
  (1000003, 910401, NULL, 93, 64, 12, NULL, NULL, NULL, '2105-12-21 02:00:00');
