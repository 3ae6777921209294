// Data only: skills and technologies a job description asks for, one per line, other spellings
// after "|" (matched as the same skill). Kept as data so that adding a skill is a one-line change.
// "!" marks a name that is also an everyday word ("Go", "Spring", "Excel"): it counts only when
// written capitalised inside a sentence. Short names in capitals ("C", "R", "UI") count only in
// capitals.
// A description's keywords are the terms of this list it uses, plus the technology names and
// repeated noun phrases it writes itself (keywords.ts).

export const SKILLS_VOCABULARY = `
HTML|HTML5
CSS|CSS3
JavaScript|JS|ECMAScript|ES6
TypeScript
Python
!Ruby
Ruby on Rails|Rails
!Java
J2EE|Java EE
PHP
.NET|dotnet|ASP.NET
C#
C++
C
!Go|Golang
!Rust
Kotlin
!Swift
Objective-C
Scala
R
MATLAB
Perl
Bash|Shell scripting
PowerShell
SQL
NoSQL
MySQL
PostgreSQL|Postgres
!Oracle
SQL Server|MSSQL
SQLite
MongoDB
Redis
Cassandra
DynamoDB
Elasticsearch
!Snowflake
BigQuery
Redshift
Firebase
GraphQL
REST|RESTful
APIs|API
API design
Microservices
gRPC
Kafka
RabbitMQ
!React|React.js|ReactJS
Redux
Angular|AngularJS
Vue|Vue.js
Svelte
Next.js
Node.js|Node|NodeJS
!Express|Express.js
Django
Flask
FastAPI
!Spring|Spring Boot
Hibernate
Laravel
jQuery
Bootstrap
Tailwind
Webpack
AWS|Amazon Web Services
Azure
GCP|Google Cloud|Google Cloud Platform
Docker
Kubernetes|K8s
Terraform
Ansible
Jenkins
GitHub Actions
CI/CD|continuous integration|continuous delivery
Git|GitHub|GitLab
Linux
Unix
DevOps
SRE|site reliability
Observability
Prometheus
Grafana
Datadog
Serverless
Lambda
Cloud computing|cloud
Front end|frontend
Back end|backend
Full stack|fullstack
Web development
Web applications|web apps
Mobile development|mobile apps
iOS
!Android
React Native
!Flutter
Cross-platform
Responsive design
Accessibility|a11y
UI|user interface
UX|user experience
UI/UX
Figma
!Sketch
Adobe XD
Photoshop
Illustrator
Wireframing
Prototyping
User research
Design systems
Databases|database
Data modeling|data modelling
Data analysis|data analytics
Data science
Data engineering
Data visualization|data visualisation
Data pipelines|ETL
Data warehousing|data warehouse
Big data
!Spark|Apache Spark|PySpark
Hadoop
Airflow
dbt
Pandas
NumPy
Scikit-learn|sklearn
TensorFlow
PyTorch
Keras
Machine learning|ML
Deep learning
Natural language processing|NLP
Computer vision
Artificial intelligence|AI
Generative AI|GenAI
LLMs|large language models
Statistics
A/B testing
Experimentation
Tableau
Power BI
!Looker
!Excel|Microsoft Excel
Google Analytics
Jupyter
Software testing
Unit testing|unit tests
Test automation|automated testing
TDD|test-driven development
Selenium
!Cypress
!Jest
JUnit
QA|quality assurance
Cybersecurity|information security
Penetration testing
OAuth
Networking
TCP/IP
Distributed systems
System design
Software architecture
Scalability
Performance optimization|performance tuning
Algorithms
Data structures
Object-oriented programming|OOP
Functional programming
Agile
Scrum
Kanban
Jira
Confluence
SDLC|software development life cycle
Version control
Code review|code reviews
Technical documentation|documentation
Project management
Product management
Program management
Stakeholder management|stakeholders
Roadmapping|roadmap
Requirements gathering
Business analysis
Process improvement
Risk management
Change management
Vendor management
Budgeting|budget management
Forecasting
Financial analysis
Financial modeling|financial modelling
Accounting
Bookkeeping
Auditing|audit
Taxation|tax
GAAP
IFRS
Payroll
QuickBooks
Tally
SAP
ERP
CRM
Salesforce
HubSpot
Marketing
Digital marketing
SEO|search engine optimization
SEM
Content marketing
Social media|social media marketing
Email marketing
Copywriting
Branding
Market research
Sales
Business development
Lead generation
Account management
Customer service|customer support
Customer success
Negotiation
Recruitment|recruiting|talent acquisition
Onboarding
Employee relations
Training and development
Operations
Supply chain
Logistics
Procurement
Inventory management
!Lean
Six Sigma
Quality control
Compliance
Regulatory
Legal research
Contract management
Healthcare
Patient care
Teaching
Curriculum development
Research
Technical writing
Public speaking|presentation skills|presentations
Communication|communication skills
Written communication
Verbal communication
Leadership
Team leadership|team management
Mentoring|mentorship
Collaboration|teamwork
Problem-solving|problem solving
Critical thinking
Analytical skills|analytical
Attention to detail
Time management
Organizational skills|organisational skills
Adaptability
Creativity
Decision making|decision-making
Computer Science
Information Technology
Mathematics
Economics
Finance
Business Administration|MBA
`;
